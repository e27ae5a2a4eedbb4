/** True when a path matches a route pattern whose `:name` segments stand for any non-empty segment. */
export function matchesRoutePattern(pattern: string, path: string): boolean {
  const parts = pattern.split('/');
  const segments = path.split('/');
  return parts.length === segments.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
}
