/** Marks data that may be out of date (after a reconnect or a sequence gap). */
export default function StaleBadge() {
  return (
    <span className="ex-badge ex-badge-stale" title="This data may be out of date">
      stale
    </span>
  );
}
