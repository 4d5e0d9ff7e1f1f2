import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailList } from './detail-list';

describe('DetailList', () => {
  it('pairs each label with its value', () => {
    render(
      <DetailList
        items={[
          { label: 'Correo', value: 'ana@example.com' },
          { label: 'Créditos', value: '3 créditos', testId: 'c', emphasis: true },
        ]}
      />,
    );
    expect(screen.getByText('Correo').nextSibling).toHaveTextContent('ana@example.com');
    expect(screen.getByTestId('c')).toHaveAttribute('data-emphasis', 'true');
    expect(screen.getByText('ana@example.com')).not.toHaveAttribute('data-emphasis');
  });
});
