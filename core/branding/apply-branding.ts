import type { BrandingInfo } from '../../sdk/services/branding-service';

function meta(doc: Document, name: string): HTMLMetaElement {
  let el = doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = doc.createElement('meta');
    el.name = name;
    doc.head.appendChild(el);
  }
  return el;
}

function icon(doc: Document): HTMLLinkElement {
  let el = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!el) {
    el = doc.createElement('link');
    el.rel = 'icon';
    doc.head.appendChild(el);
  }
  return el;
}

/** Gives the document the site's title, description, keywords and favicon. */
export function applyBranding(doc: Document, info: BrandingInfo): void {
  if (info.title) doc.title = info.title;
  if (info.description !== undefined) meta(doc, 'description').content = info.description;
  if (info.keyword !== undefined) meta(doc, 'keywords').content = info.keyword;
  if (info.iconUrl) icon(doc).href = info.iconUrl;
}
