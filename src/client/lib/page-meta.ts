// Per-page <head> tags (title, description, canonical, Open Graph, Twitter) for a single-page app,
// where index.html carries only the defaults and each route must replace them on navigation.
import { useEffect } from 'react';
import { PRODUCT_NAME } from '#contract/brand';

export interface PageMeta {
  /** Page title without the product suffix; the suffix is added unless the title already names the product. */
  title: string;
  description: string;
  /** Route path of the page, e.g. "/blog"; the canonical URL is built from it, never from the current URL. */
  path: string;
  type?: 'website' | 'article';
}

export interface MetaTag {
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

export function fullTitle(title: string): string {
  return title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`;
}

/** The tags a page needs, as data (pure, so it can be tested without a DOM). */
export function buildMetaTags(meta: PageMeta, origin: string): { title: string; canonical: string; tags: MetaTag[] } {
  const title = fullTitle(meta.title);
  const canonical = new URL(meta.path, origin).href;
  const tags: MetaTag[] = [
    { attribute: 'name', key: 'description', content: meta.description },
    { attribute: 'property', key: 'og:title', content: title },
    { attribute: 'property', key: 'og:description', content: meta.description },
    { attribute: 'property', key: 'og:url', content: canonical },
    { attribute: 'property', key: 'og:type', content: meta.type ?? 'website' },
    { attribute: 'property', key: 'og:site_name', content: PRODUCT_NAME },
    { attribute: 'name', key: 'twitter:card', content: 'summary' },
    { attribute: 'name', key: 'twitter:title', content: title },
    { attribute: 'name', key: 'twitter:description', content: meta.description },
  ];
  return { title, canonical, tags };
}

function upsertMeta(tag: MetaTag) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${tag.attribute}="${tag.key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(tag.attribute, tag.key);
    document.head.appendChild(el);
  }
  el.content = tag.content;
}

function upsertCanonical(href: string) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

export function applyPageMeta(meta: PageMeta): void {
  const { title, canonical, tags } = buildMetaTags(meta, window.location.origin);
  document.title = title;
  for (const tag of tags) upsertMeta(tag);
  upsertCanonical(canonical);
}

export function usePageMeta(meta: PageMeta): void {
  const { title, description, path, type } = meta;
  useEffect(() => {
    applyPageMeta({ title, description, path, type });
  }, [title, description, path, type]);
}
