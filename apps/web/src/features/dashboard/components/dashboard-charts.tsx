import type { TDashboardMoney, TDashboardToday } from '@sala/shared/dashboard/dashboard.contract';
import { SALES_METHODS } from '@sala/shared/dashboard/sales';
import { formatMoney } from '@sala/shared/format/money';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/**
 * The charts of /admin (issue 22), from recharts: loaded only when the panels are (this module is a lazy chunk of
 * the admin area). Every chart's figures are also written in text beside it by its panel.
 */

const BRAND = '#0f4c5c';
const SOFT = '#cfe3e6';
const NOW = '#d97706';

/** Today's sessions by hour (booked over bookable), the hour under way in amber. */
export function TodayChart({ today }: { today: TDashboardToday }) {
  const data = today.hours.map((h) => ({ ...h, free: Math.max(0, h.bookable - h.booked) }));
  return (
    <div
      role="img"
      aria-label="Gráfica de sesiones de hoy por hora (las cifras están en la tabla)"
      className="h-56"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="hour" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(value, name) => [value, name === 'booked' ? 'Reservadas' : 'Libres']} />
          <Bar dataKey="booked" stackId="h" name="booked" isAnimationActive={false}>
            {data.map((h) => (
              <Cell key={h.hour} fill={h.hour === today.currentHour ? NOW : BRAND} />
            ))}
          </Bar>
          <Bar dataKey="free" stackId="h" name="free" fill={SOFT} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

const colors = {
  cashCents: '#0f766e',
  cardCents: BRAND,
  transferCents: '#7c3aed',
  onlineCents: NOW,
} as const;

/** Sales per day for 30 days, stacked by method. */
export function SalesChart({ days }: { days: TDashboardMoney['days'] }) {
  const data = days.map((d) => ({ ...d, day: d.date.slice(8) }));
  return (
    <div
      role="img"
      aria-label="Gráfica de ventas por día y método (las cifras están en la tabla)"
      className="h-64"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 11 }} />
          <YAxis tickFormatter={(cents: number) => formatMoney(cents)} tick={{ fontSize: 11 }} width={72} />
          <Tooltip formatter={(value) => formatMoney(Number(value))} />
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 12 }} />
          {SALES_METHODS.map((m) => (
            <Bar
              key={m.key}
              dataKey={m.key}
              name={m.label}
              stackId="s"
              fill={colors[m.key]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
