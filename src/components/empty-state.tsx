import { Link } from '@tanstack/react-router';

/** An empty list: an illustration, one sentence and the way forward (the menu). */
export function EmptyState({ image, text }: { image: string; text: string }) {
  return (
    <div className="grid justify-items-center gap-4 py-6 text-center">
      <img src={image} alt="" width={240} height={180} className="h-44 w-auto" />
      <p className="text-lg">{text}</p>
      <Link to="/menu" className="btn-primary">
        Browse the menu
      </Link>
    </div>
  );
}
