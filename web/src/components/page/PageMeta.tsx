import { useEffect } from 'react';

const SITE = 'Quarry';
const DEFAULT_DESCRIPTION = 'Quarry: ask your data questions in plain language and get SQL, answers and charts.';
export const SOCIAL_IMAGE_PATH = '/og-image.png';

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

/** Sets the page's title, description and social-sharing image (PRODUCT.md §2). */
export function usePageMeta(title: string, description: string = DEFAULT_DESCRIPTION): void {
  useEffect(() => {
    const fullTitle = title ? `${title} | ${SITE}` : SITE;
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:image', new URL(SOCIAL_IMAGE_PATH, window.location.origin).toString());
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('name', 'twitter:description', description);
  }, [title, description]);
}

export function PageMeta({ title, description }: { title: string; description?: string }) {
  usePageMeta(title, description);
  return null;
}
