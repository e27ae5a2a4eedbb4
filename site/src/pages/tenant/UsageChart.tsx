export interface UsagePoint {
  month: string;
  kwh: number;
  estimated: boolean;
  allowanceKwh: number | null;
}

import { useEffect, useRef, useState } from 'react';

// One unit of the drawing is one pixel: it is drawn for the width of its box, so its text is the same size on a phone and a desktop.
const HEIGHT = 260;
const PLOT = { left: 56, right: 12, top: 36, bottom: 34 };
/** The same colours as the legend's swatches in tenant.css. */
const COLOURS = { actual: '#2f7d5b', estimated: '#d9a441', allowance: '#1b3a6b' };
const KWH = new Intl.NumberFormat('en-GB');

/** Round steps for the kWh axis (1, 2 or 5 × 10ⁿ, about four of them), the last one at or above `max`. */
function ticksUpTo(max: number): number[] {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? rough;
  const ticks = [0];
  while (ticks[ticks.length - 1]! < max) ticks.push(ticks[ticks.length - 1]! + step);
  return ticks;
}

/**
 * Monthly consumption bars (actual and estimated told apart by colour and legend) against the monthly
 * allowance, dashed. Plain SVG: a dozen bars need no chart library, so the page stays light. The numbers are
 * also in the table beside it, which is what a screen reader reads.
 */
export default function UsageChart({ points, title }: { points: UsagePoint[]; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(260, Math.round(entry!.contentRect.width))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const highest = Math.max(10, ...points.map((point) => Math.max(point.kwh, point.allowanceKwh ?? 0)));
  const ticks = ticksUpTo(highest * 1.1);
  const top = ticks[ticks.length - 1]!;
  const plotWidth = width - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const y = (kwh: number) => PLOT.top + plotHeight - (kwh / top) * plotHeight;
  const slot = plotWidth / Math.max(points.length, 1);
  const barWidth = Math.min(48, slot * 0.6);
  const x = (index: number) => PLOT.left + slot * index + slot / 2;
  const month = (iso: string) => new Date(`${iso}-15T12:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' });
  // Label every month when there is room (a label is about 44 px), else every other or third one.
  const labelEvery = Math.max(1, Math.ceil(44 / slot));
  const allowance = points.map((point, index) => (point.allowanceKwh === null ? null : `${x(index) - slot / 2},${y(point.allowanceKwh)} ${x(index) + slot / 2},${y(point.allowanceKwh)}`)).filter(Boolean);

  return (
    <div ref={box} className="tenant-chart usage-chart" aria-hidden="true">
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="presentation" focusable="false">
        <text x={width / 2} y={16} textAnchor="middle" className="usage-chart__title">
          {title}
        </text>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PLOT.left} x2={width - PLOT.right} y1={y(tick)} y2={y(tick)} className="usage-chart__grid" />
            <text x={PLOT.left - 6} y={y(tick) + 4} textAnchor="end">
              {KWH.format(tick)}
            </text>
          </g>
        ))}
        {points.map((point, index) => (
          <g key={point.month}>
            <rect x={x(index) - barWidth / 2} y={y(point.kwh)} width={barWidth} height={Math.max(0, y(0) - y(point.kwh))} fill={point.estimated ? COLOURS.estimated : COLOURS.actual} />
            {index % labelEvery === 0 && (
              <text x={x(index)} y={HEIGHT - PLOT.bottom + 16} textAnchor="middle">
                {month(point.month)}
              </text>
            )}
          </g>
        ))}
        {allowance.length > 0 && <polyline points={allowance.join(' ')} fill="none" stroke={COLOURS.allowance} strokeWidth={2} strokeDasharray="6 4" />}
        <text x={14} y={PLOT.top + plotHeight / 2} transform={`rotate(-90 14 ${PLOT.top + plotHeight / 2})`} textAnchor="middle">
          kWh
        </text>
      </svg>
      <ul className="usage-chart__legend">
        <li>
          <span className="usage-chart__swatch usage-chart__swatch--actual" /> Actual
        </li>
        <li>
          <span className="usage-chart__swatch usage-chart__swatch--estimated" /> Estimated
        </li>
        <li>
          <span className="usage-chart__swatch usage-chart__swatch--allowance" /> Allowance
        </li>
      </ul>
    </div>
  );
}
