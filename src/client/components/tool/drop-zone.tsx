// The upload drop zone: drag and drop, click to browse, or paste. It checks files against the caller's limits and
// hands the accepted ones and the refused ones to `onUpload`; the page does the sending and lists the refused files
// in the file list (not here), while the zone says in one line, in view, what the last drop did.
import { useCallback, useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { AlertCircle, ImagePlus, Loader2, Upload } from 'lucide-react';
import type { UploadConfig } from '#contract/api';
import { fileTooLargeMessage } from '#contract/messages';
import type { UploadSending } from '#client/api/jobs.ts';
import { ACCEPT_ATTRIBUTE, carriesFiles, checkFiles, dragAcceptable, filesOfDrop, type Refusal } from '#client/lib/file-drop.ts';
import { describeProgress } from '#client/lib/upload.ts';
import { cn } from '#client/lib/cn.ts';
import { DEFAULT_UPLOAD_CONFIG, sizeHint, toastSignInRequired } from '#client/lib/upload-limits.ts';

export interface DropZoneProps {
  /** The caller's limits; the guest defaults until they are known. */
  config?: UploadConfig;
  isAuthenticated: boolean;
  uploading: boolean;
  /** How far the upload under way has got, once it has started sending. */
  progress: UploadSending | null;
  /** Takes a drop: the files to send (those that fit the batch) and those refused, with their reasons. */
  onUpload: (files: File[], refused: Refusal[]) => void;
  /** What the last drop did, said in the zone (in view): "Added 10 of 12 ...". */
  notice?: ReactNode;
}

type DragState = 'idle' | 'accept' | 'reject';

export function DropZone({ config = DEFAULT_UPLOAD_CONFIG, isAuthenticated, uploading, progress, onUpload, notice }: DropZoneProps) {
  const [drag, setDrag] = useState<DragState>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  // Entering a child fires dragenter on it before dragleave on the parent: a count of the entered elements tells
  // when the pointer really left the zone.
  const depth = useRef(0);

  const take = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      const { accepted, refused } = checkFiles(files, config);
      if (!isAuthenticated && refused.some((r) => r.messages.includes(fileTooLargeMessage(config.maxFileSize)))) toastSignInRequired();
      onUpload(accepted, refused);
    },
    [config, isAuthenticated, onUpload],
  );

  const onDragEnter = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    depth.current += 1;
    setDrag(dragAcceptable(event.dataTransfer, config.maxFiles) ? 'accept' : 'reject');
  };
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    // Without this the browser opens the dropped file itself.
    event.preventDefault();
    event.dataTransfer.dropEffect = uploading ? 'none' : 'copy';
  };
  const onDragLeave = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDrag('idle');
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    depth.current = 0;
    setDrag('idle');
    if (uploading) return;
    void filesOfDrop(event.dataTransfer).then(take);
  };

  // Pasting anywhere on the page uploads, except into a text field.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (uploading || target?.closest?.('input, textarea, [contenteditable="true"]')) return;
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      take(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [uploading, take]);

  const isDragAccept = drag === 'accept';
  const isDragReject = drag === 'reject';
  const isDragActive = drag !== 'idle';
  const hint = sizeHint(config, isAuthenticated);
  const shown = progress ? describeProgress(progress.sent, progress.now - progress.startedAt) : null;
  const progressText = shown
    ? shown.percent >= 100
      ? 'Uploaded, processing...'
      : `${shown.percent}% uploaded${shown.secondsLeft === null ? '' : `, about ${formatSeconds(shown.secondsLeft)} left`}`
    : '';

  return (
    <section aria-labelledby="upload-heading">
      <h2 id="upload-heading" className="sr-only">
        Upload images
      </h2>
      <div
        role="presentation"
        aria-busy={uploading || undefined}
        aria-disabled={uploading || undefined}
        onClick={() => {
          if (!uploading) inputRef.current?.click();
        }}
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        data-testid="drop-zone"
        data-state={uploading ? 'uploading' : isDragReject ? 'reject' : isDragAccept ? 'accept' : isDragActive ? 'dragging' : 'idle'}
        className={cn(
          'relative flex min-h-44 cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-4 py-5 text-center transition-colors sm:min-h-56 sm:py-10',
                    isDragReject
            ? 'border-red-500 bg-red-50'
            : isDragAccept
              ? 'border-green-500 bg-green-50'
              : isDragActive
                ? 'border-blue-500 bg-blue-50'
                : 'border-slate-300 bg-white hover:border-blue-400 hover:bg-slate-50',
          uploading && 'pointer-events-none cursor-not-allowed opacity-60',
        )}
      >
        {/* Hidden in the flow, not display:none, so it stays focusable; its own click must not reach the zone again. */}
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          aria-label="file upload"
          tabIndex={-1}
          disabled={uploading}
          style={{ border: 0, display: 'block', height: 0, margin: 0, opacity: 0, overflow: 'hidden', padding: 0, width: 0 }}
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared, so choosing the same file again is a change too.
            event.target.value = '';
            take(files);
          }}
          data-testid="drop-zone-input"
        />
        <span
          className={cn(
            'mb-2 flex h-12 w-12 items-center justify-center rounded-full sm:mb-4 sm:h-14 sm:w-14',
            isDragReject ? 'bg-red-100 text-red-700' : isDragAccept ? 'bg-green-100 text-green-700' : 'bg-blue-100 text-blue-700',
          )}
        >
          <Upload className="h-7 w-7" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold text-slate-900">Drop your images here</p>
        <p className="mt-1 text-sm text-slate-600">or click to browse</p>
        {/* The keyboard way in: its click bubbles to the zone, which opens the file dialog. */}
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to <body> for the upload. */}
        <button
          type="button"
          aria-disabled={uploading || undefined}
          aria-describedby="drop-zone-formats drop-zone-hint"
          className="mt-3 inline-flex h-11 items-center gap-2 rounded-md bg-blue-600 px-4 text-sm font-medium text-white hover:bg-blue-700"
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          Choose images
        </button>
        {notice && (
          // Inside the zone, right under its button: where the user is looking after a drop, on any screen.
          <p
            role="status"
            onClick={(event) => event.stopPropagation()}
            className="mt-3 flex cursor-default items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-left text-sm text-amber-900"
            data-testid="drop-notice"
          >
            <AlertCircle className="mt-0.5 h-4 w-4 flex-none" aria-hidden="true" />
            <span>{notice}</span>
          </p>
        )}
        <div id="drop-zone-formats" className="mt-4 flex flex-wrap items-center justify-center gap-2 text-xs text-slate-700">
          {['JPEG', 'JPG', 'PNG', 'WebP', 'AVIF', 'HEIC', 'GIF', 'SVG'].map((f) => (
            <span key={f} className="rounded-full bg-slate-100 px-2.5 py-1 font-medium">
              {f}
            </span>
          ))}
        </div>
        <p id="drop-zone-hint" className="mt-3 text-sm text-slate-700" data-testid="size-hint">
          {hint}
          <span aria-hidden="true"> · </span>
          <span>Up to {config.maxFiles} files at once</span>
        </p>
        {isDragReject && <p className="mt-2 text-sm font-medium text-red-700">Only JPEG, PNG, WebP, AVIF, JPEG XL, GIF, SVG and HEIC images are accepted</p>}
        {uploading && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-2xl bg-white/70 px-6">
            <span className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
              Uploading...
            </span>
            {shown && (
              <>
                <div
                  role="progressbar"
                  aria-label="Upload progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={shown.percent}
                  aria-valuetext={progressText}
                  data-testid="upload-progress"
                  className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-slate-200"
                >
                  <div className="h-full bg-blue-600 transition-[width]" style={{ width: `${shown.percent}%` }} />
                </div>
                <span className="text-sm tabular-nums text-slate-800" data-testid="upload-progress-text">
                  {progressText}
                </span>
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** 75 -> "1 min 15 s", 9 -> "9 s". */
function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}
