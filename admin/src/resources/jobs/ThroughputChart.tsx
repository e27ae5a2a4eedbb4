import { useEffect, useState } from 'react';
import { graphqlRequest } from '@app/api/client';
import { useTranslate } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';

interface Hour {
  hour: string;
  completed: number;
  failed: number;
}

const WIDTH = 480;
const HEIGHT = 120;
const BAR_GAP = 2;

/** Completed (green) and failed (red, stacked on top) jobs per hour over the last 24 hours, in plain SVG. */
export function ThroughputChart() {
  const groupId = useGroupId();
  const translate = useTranslate();
  const [hours, setHours] = useState<Hour[]>([]);
  useEffect(() => {
    let active = true;
    const load = () =>
      graphqlRequest<{ jobThroughput: Hour[] }>('{ jobThroughput { hour completed failed } }', {}, groupId).then((answer) => {
        if (active && answer.data) setHours(answer.data.jobThroughput);
      });
    void load();
    // Same rhythm as the lists, so the chart and the counts agree.
    const timer = setInterval(() => void load(), 5000);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [groupId]);

  const max = Math.max(1, ...hours.map((h) => h.completed + h.failed));
  const barWidth = hours.length ? WIDTH / hours.length - BAR_GAP : 0;
  const height = (count: number) => (count / max) * (HEIGHT - 14);
  return (
    <figure style={{ margin: '16px 0' }} aria-label={translate('shb.jobs.throughput')}>
      <figcaption style={{ fontSize: 14, marginBottom: 4 }}>
        {translate('shb.jobs.throughput')} · {translate('shb.jobs.completed_total', { count: hours.reduce((s, h) => s + h.completed, 0) })} ·{' '}
        {translate('shb.jobs.failed_total', { count: hours.reduce((s, h) => s + h.failed, 0) })}
      </figcaption>
      <svg width={WIDTH} height={HEIGHT} role="img" data-testid="throughput-chart">
        {hours.map((h, index) => {
          const x = index * (barWidth + BAR_GAP);
          const ok = height(h.completed);
          const bad = height(h.failed);
          const when = new Date(h.hour).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
          return (
            <g key={h.hour}>
              <title>{`${when}: ${h.completed} completed, ${h.failed} failed`}</title>
              <rect x={x} y={HEIGHT - ok} width={barWidth} height={ok} fill="#2e7d32" />
              <rect x={x} y={HEIGHT - ok - bad} width={barWidth} height={bad} fill="#c62828" />
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke="#999" />
      </svg>
    </figure>
  );
}
