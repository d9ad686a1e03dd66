import { serializeJsonLd } from '#client/content/structured-data.ts';

/** Structured data for search engines; the serializer escapes "<" so content cannot close the script. */
export function JsonLd({ data, id }: { data: unknown; id?: string }) {
  return <script type="application/ld+json" id={id} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
