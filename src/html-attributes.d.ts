// React 18 passes an attribute it has no name for to the DOM only when it is spelled as HTML spells it
// (in lowercase): an image's fetch priority is one (React 19 knows it as `fetchPriority`).
import 'react';

declare module 'react' {
  interface ImgHTMLAttributes<T> {
    fetchpriority?: 'high' | 'low' | 'auto';
  }
}
