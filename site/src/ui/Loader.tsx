/** Shown while a page's code loads (after client-side navigation; the first page is prerendered). */
export function Loader() {
  return (
    <div className="loader" role="status">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
