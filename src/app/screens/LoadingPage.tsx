/** The loading screen (route /loading) and the fallback while a screen's code or the session loads. */
export default function LoadingPage() {
  return (
    <div className="page page-center" role="status" aria-live="polite" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-text">Loading…</span>
    </div>
  );
}
