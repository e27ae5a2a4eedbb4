import { useEffect, useRef, useState } from 'react';
import { COUNTER_DURATION_MS, COUNTER_START, counterTarget, formatCount } from './counter';

/**
 * Counts up from 1000 to the target over 2 s once scrolled into view. Screen readers get the final figure
 * straight away; the animation itself is hidden from them.
 */
export function Counter() {
  const [value, setValue] = useState(COUNTER_START);
  const [target, setTarget] = useState<number | null>(null);
  const element = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      // Computed in the browser: the prerendered HTML was built on another day.
      const goal = counterTarget(new Date());
      setTarget(goal);
      const started = performance.now();
      const step = (now: number) => {
        const progress = Math.min(1, (now - started) / COUNTER_DURATION_MS);
        setValue(COUNTER_START + (goal - COUNTER_START) * progress);
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <p className="counter" ref={element}>
      <span className="counter__value" aria-hidden="true" data-testid="counter">
        {formatCount(value)}
      </span>
      {target !== null ? <span className="visually-hidden">{formatCount(target)}</span> : null}
      <span className="counter__label">happy housemates have their bills sorted with us</span>
    </p>
  );
}
