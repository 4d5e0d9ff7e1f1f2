import { DEFAULT_WEEKLY_SCHEDULE, type WeeklySchedule } from '@sala/shared/locations/schedule';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ScheduleFields } from './schedule-fields';

function Harness({ onChange }: { onChange: (schedule: WeeklySchedule) => void }) {
  const [value, setValue] = useState<WeeklySchedule>(DEFAULT_WEEKLY_SCHEDULE);
  return (
    <ScheduleFields
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('ScheduleFields', () => {
  it('lists the week Monday first, with Sunday closed by default', () => {
    render(<Harness onChange={vi.fn()} />);
    const days = screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'));
    expect(days[0]).toBe('Abierto el Lunes');
    expect(days.at(-1)).toBe('Abierto el Domingo');
    expect(screen.getByRole('checkbox', { name: 'Abierto el Domingo' })).not.toBeChecked();
  });

  it('changes one day’s hours, closes a day and opens Sunday with default hours', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Primera sesión del Sábado' }), '9');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ 6: { firstHour: 9, lastHour: 14 } }));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Abierto el Lunes' }));
    expect(onChange.mock.lastCall?.[0][1]).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Primera sesión del Lunes' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Abierto el Domingo' }));
    expect(onChange.mock.lastCall?.[0][0]).toEqual({ firstHour: 8, lastHour: 20 });
  });
});
