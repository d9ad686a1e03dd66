// The tool's mode switch: compress on our servers (the default) or on this device, where nothing is uploaded.
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { cn } from '#client/lib/cn.ts';

export const PRIVATE_MODE_SENTENCE =
  'Your images are compressed by this browser and never uploaded: no image, file name or setting leaves your device, and the results stay in this tab.';

/** What the browser engine refuses per file (sniff.ts, needsServer) or cannot make, said before anything is dropped. */
export const SERVER_ONLY_SENTENCE =
  'Needs our servers, so refused here with a note per file: HEIC, JPEG XL and SVG files, animations (GIF, animated WebP, PNG or AVIF, of which only the first frame would be kept), JPEG XL results and keeping metadata.';

export function PrivateModeSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  // Flipping the switch loads the other page (a full navigation). Until it arrives the switch shows what the visitor
  // chose: a controlled box held at `on` would spring back, looking as if the click had been refused.
  const [shown, setShown] = useState(on);
  return (
    <div className={cn('flex items-start gap-3 rounded-xl border px-3 py-2 sm:p-4', on ? 'border-green-600 bg-green-50' : 'border-slate-200 bg-white')} data-testid="private-mode">
      <input
        id="private-mode-switch"
        type="checkbox"
        role="switch"
        aria-checked={shown}
        checked={shown}
        onChange={(e) => {
          setShown(e.target.checked);
          onChange(e.target.checked);
        }}
        aria-describedby="private-mode-note"
        className="mt-1 h-5 w-5 cursor-pointer accent-green-700"
      />
      <div>
        <label htmlFor="private-mode-switch" className="flex min-h-7 cursor-pointer items-center gap-1.5 font-medium text-slate-900">
          <ShieldCheck className="h-4 w-4 text-green-700" aria-hidden="true" />
          Private: compress on this device
        </label>
        {/* Off, a phone shows the switch as one compact row (the drop zone's button must stay on the first screen). */}
        <p id="private-mode-note" className={cn('mt-0.5 text-sm text-slate-700', !on && 'sr-only sm:not-sr-only')}>
          {on ? PRIVATE_MODE_SENTENCE : 'Off: images are uploaded to our servers, compressed there and deleted after 24 hours. Turn on to keep them on this device.'}
        </p>
        {on && (
          <p id="private-mode-limits" className="mt-1 text-sm text-slate-600">
            {SERVER_ONLY_SENTENCE}
          </p>
        )}
      </div>
    </div>
  );
}
