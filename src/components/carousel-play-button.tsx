import { Pause, Play } from 'lucide-react';

const TONES = {
  light: 'border-ink text-ink hover:bg-ink hover:text-white',
  dark: 'border-white text-white hover:bg-white hover:text-ink',
} as const;

/** A carousel's Pause / Play toggle; `tone` is the surface it sits on. */
export function CarouselPlayButton({
  name,
  playing,
  onToggle,
  tone,
}: {
  name: string;
  playing: boolean;
  onToggle: () => void;
  tone: keyof typeof TONES;
}) {
  return (
    <button
      type="button"
      aria-pressed={!playing}
      aria-label={`${playing ? 'Pause' : 'Play'} ${name} carousel`}
      onClick={onToggle}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full border-2 transition ${TONES[tone]}`}
    >
      {playing ? (
        <Pause aria-hidden="true" className="size-5" />
      ) : (
        <Play aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}
