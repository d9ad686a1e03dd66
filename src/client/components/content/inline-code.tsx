// Text from the API document with its `backticks` shown as code, not as literal backticks.
import { Fragment } from 'react';

export function InlineCode({ text }: { text: string }) {
  const parts = text.split('`');
  // An odd count of backticks leaves the last one unpaired: show it as written rather than swallow the rest.
  if (parts.length % 2 === 0) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.9em] text-slate-900">
            {part}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
