// An image its engine writes in one format only (an animation: animated WebP, 0408): `original` and Auto mean that
// format, and any other fixed format is refused in the engine's words. The engine declares it (`OpenImage.writtenAs`);
// the core decides what the settings become (docs/decisions/0600), so no engine edits the user's settings.
import type { CodecSettings, Engine, OpenImage } from './engine';
import { CodecError } from './errors';

export function settingsWrittenAs(image: OpenImage, engine: Pick<Engine, 'cannotEncode'>): CodecSettings {
  const { writtenAs, settings } = image;
  if (!writtenAs) return settings;
  const { format } = settings;
  if (format !== 'original' && format !== 'auto' && format !== writtenAs) throw new CodecError('unsupported-format', engine.cannotEncode(format));
  // Auto's list names formats the viewer can show; the one format written is given whatever the list (0585).
  const { formats: _formats, ...rest } = settings;
  return { ...rest, format: writtenAs };
}
