/** A screen later work builds; names the spec section it will implement. */
export default function ComingSoonPage({ title, section }: { title: string; section: string }) {
  return (
    <div className="page">
      <h1 className="page-title">{title}</h1>
      <div className="card coming-soon">
        <p>
          {title} — {section}, coming soon
        </p>
      </div>
    </div>
  );
}
