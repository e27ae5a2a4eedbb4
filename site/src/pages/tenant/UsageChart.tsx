import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UsagePoint {
  month: string;
  kwh: number;
  estimated: boolean;
  allowanceKwh: number | null;
}

/**
 * Monthly consumption bars (actual and estimated in two series, so they are told apart by colour and legend)
 * against the monthly allowance line, drawn with uPlot. This module is imported only by the energy-use page,
 * so the chart library is downloaded nowhere else. The numbers are also in a table beside it.
 */
export default function UsageChart({ points, title }: { points: UsagePoint[]; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Months as categories 0..n-1, so two months are two bars, not two ends of a time axis.
    const xs = points.map((_point, index) => index);
    const names = points.map((point) => new Date(`${point.month}-15T12:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' }));
    const bars = uPlot.paths.bars!({ size: [0.6, 48] });
    const width = () => Math.max(240, element.clientWidth);
    const chart = new uPlot(
      {
        title,
        width: width(),
        height: 260,
        legend: { live: false },
        scales: { x: { time: false, range: () => [-0.5, points.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.15)] } },
        axes: [{ splits: () => xs, values: (_u, ticks) => ticks.map((t) => names[t] ?? '') }, { label: 'kWh', size: 60 }],
        series: [
          { label: 'Month' },
          { label: 'Actual', fill: '#2f7d5b', stroke: '#2f7d5b', paths: bars, points: { show: false } },
          { label: 'Estimated', fill: '#d9a441', stroke: '#a36f0f', paths: bars, points: { show: false } },
          { label: 'Allowance', stroke: '#1b3a6b', width: 2, dash: [6, 4], points: { show: false } },
        ],
      },
      [xs, points.map((p) => (p.estimated ? null : p.kwh)), points.map((p) => (p.estimated ? p.kwh : null)), points.map((p) => p.allowanceKwh)],
      element,
    );
    const resize = () => chart.setSize({ width: width(), height: 260 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [points, title]);
  return <div ref={box} className="tenant-chart" aria-hidden="true" />;
}
