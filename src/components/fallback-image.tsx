import { type ComponentProps, type RefObject, useEffect, useRef, useState } from 'react';

/** Shown in place of a dish's picture that does not load (public/images/, drawn for Pizzon). */
export const DISH_FALLBACK = '/images/fallback-dish.svg';
/** Shown in place of a person's photo that does not load, or when they have none. */
export const PERSON_FALLBACK = '/images/fallback-person.svg';

/** The image has finished trying and has nothing to show. */
const looksBroken = (image: HTMLImageElement) => image.complete && image.naturalWidth === 0;

/**
 * An <img> whose address may not load (an owner's typo, a host gone, a photo taken down): the picture
 * `fallback` takes its place. The fallback is chosen only in the browser, after the first render, so
 * the server's HTML and the hydrating render agree. onError attaches at hydration, so an image that
 * failed before is found on mount instead; `decode()` confirms it, as an SVG with no size of its own
 * also reports a naturalWidth of 0. A new `src` is tried afresh.
 */
export function useImageFallback(
  src: string,
  fallback: string,
): {
  failed: boolean;
  props: { ref: RefObject<HTMLImageElement>; src: string; onError: () => void };
} {
  const ref = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;

  useEffect(() => {
    const image = ref.current;
    if (!image || !looksBroken(image)) return;
    let current = true;
    const fail = () => {
      if (current) setFailedSrc(src);
    };
    if (typeof image.decode === 'function') image.decode().catch(fail);
    else fail();
    return () => {
      current = false;
    };
  }, [src]);

  return {
    failed,
    props: {
      ref,
      src: failed ? fallback : src,
      // The fallback failing too (offline) is left as it is rather than retried.
      onError: () => {
        if (!failed) setFailedSrc(src);
      },
    },
  };
}

type FallbackImageProps = Omit<ComponentProps<'img'>, 'src' | 'alt' | 'onError' | 'ref'> & {
  src: string;
  alt: string;
  fallback: string;
};

/** An <img> that shows `fallback` when `src` does not load. */
export function FallbackImage({ src, alt, fallback, ...image }: FallbackImageProps) {
  const { props } = useImageFallback(src, fallback);
  return <img alt={alt} {...image} {...props} />;
}

type PictureProps = Omit<FallbackImageProps, 'fallback'>;

/** A dish's picture (menu cards, the item page, cart and order lines, Manage items). */
export const DishImage = (props: PictureProps) => <FallbackImage {...props} fallback={DISH_FALLBACK} />;

/** A person's photo; `src` '' (no photo) shows the silhouette at once. */
export const PersonImage = ({ src, ...props }: PictureProps) => (
  <FallbackImage
    {...props}
    src={src || PERSON_FALLBACK}
    fallback={PERSON_FALLBACK}
    referrerPolicy="no-referrer"
  />
);
