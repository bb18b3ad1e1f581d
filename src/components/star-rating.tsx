import { Star } from 'lucide-react';

const STARS = [1, 2, 3, 4, 5] as const;

export function StarRating({ value }: { value: number }) {
  return (
    <div role="img" aria-label={`Rated ${value} out of 5`} className="flex gap-1">
      {STARS.map((star) => {
        const filled = star <= value;
        return (
          <Star
            key={star}
            aria-hidden="true"
            className={`size-5 ${filled ? 'fill-brand text-brand' : 'fill-transparent text-neutral-400'}`}
          />
        );
      })}
    </div>
  );
}
