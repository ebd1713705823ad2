interface ComingCardProps {
  readonly title: string;
  readonly section: string;
  readonly className?: string;
}

/** A titled slot of the exchange screen that later work fills. */
export default function ComingCard({ title, section, className = '' }: ComingCardProps) {
  return (
    <section className={`card ex-card ex-coming ${className}`} aria-label={title}>
      <h2 className="card-title">{title}</h2>
      <p className="muted">{section} — coming</p>
    </section>
  );
}
