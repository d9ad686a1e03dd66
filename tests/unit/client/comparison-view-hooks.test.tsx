// @vitest-environment jsdom
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useViewTransform } from '#client/components/tool/comparison/use-view-transform.ts';
import { useFullscreenDialog } from '#client/components/tool/comparison/use-fullscreen-dialog.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A bare viewer driven by the hook, with its state printed where the test can read it. */
function Viewer({ image }: { image: { width: number | null; height: number | null } }) {
  const view = useViewTransform(image, 'split');
  const { zoom, pan, panning, realScale, oneToOne } = view;
  return (
    <div>
      <div ref={view.viewerRef} data-testid="viewer" tabIndex={0} {...view.panHandlers} style={view.transform}>
        <span data-testid="inside" tabIndex={0} />
      </div>
      <output data-testid="state">{JSON.stringify({ zoom, pan, panning, realScale, oneToOne })}</output>
      <button onClick={view.zoomIn}>In</button>
      <button onClick={view.zoomOut}>Out</button>
      <button onClick={view.fit}>Fit</button>
      <button onClick={view.actualPixels}>1:1</button>
    </div>
  );
}

const state = () =>
  JSON.parse(screen.getByTestId('state').textContent!) as {
    zoom: number;
    pan: { x: number; y: number };
    panning: boolean;
    realScale: number | null;
    oneToOne: number | null;
  };
const press = (name: string, times = 1) => {
  for (let i = 0; i < times; i++) fireEvent.click(screen.getByRole('button', { name }));
};

/** jsdom lays nothing out: the viewer's size is given here, as a browser would measure it. */
function layOutViewers(width: number, height: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
}

describe('useViewTransform', () => {
  it('keeps the zoom between 0.1 and 5 times Fit while the real-pixel scale is unknown, and 1:1 does nothing', () => {
    render(<Viewer image={{ width: 100, height: 50 }} />);
    expect(state()).toMatchObject({ zoom: 1, realScale: null, oneToOne: null });
    press('In', 10);
    expect(state().zoom).toBe(5);
    press('Out', 30);
    expect(state().zoom).toBe(0.1);
    press('1:1');
    expect(state().zoom).toBe(0.1);
    expect(screen.getByTestId('viewer').style.transform).toBe('translate(0px, 0px) scale(0.1)');
  });

  it('lets the zoom of a large photo reach its 1:1 past 5 times Fit, and stop there', () => {
    layOutViewers(800, 600);
    // 8000 x 4000 fits at 0.1 screen pixels per image pixel, so 1:1 is 10 times Fit.
    render(<Viewer image={{ width: 8000, height: 4000 }} />);
    expect(state()).toMatchObject({ zoom: 1, oneToOne: 10 });
    expect(state().realScale).toBeCloseTo(0.1);
    press('In', 5);
    expect(state().zoom).toBeCloseTo(7.59375);
    press('In', 3);
    expect(state().zoom).toBe(10);
    press('Fit');
    press('1:1');
    expect(state()).toMatchObject({ zoom: 10, realScale: 1 });
  });

  it('pans by the distance dragged with the primary button, from wherever the last drag left the view', () => {
    // jsdom has no pointer capture; the browser's would keep the drag on the viewer.
    const capture = vi.fn();
    HTMLElement.prototype.setPointerCapture = capture;
    onTestFinished(() => {
      delete (HTMLElement.prototype as Partial<HTMLElement>).setPointerCapture;
    });
    render(<Viewer image={{ width: 100, height: 50 }} />);
    const viewer = screen.getByTestId('viewer');
    fireEvent.pointerDown(viewer, { button: 0, pointerId: 7, clientX: 100, clientY: 100 });
    expect(capture).toHaveBeenCalledWith(7);
    expect(state().panning).toBe(true);
    fireEvent.pointerMove(viewer, { clientX: 40, clientY: 70 });
    expect(state().pan).toEqual({ x: -60, y: -30 });
    fireEvent.pointerUp(viewer);
    expect(state().panning).toBe(false);
    // Moving without a button held does not pan.
    fireEvent.pointerMove(viewer, { clientX: 0, clientY: 0 });
    expect(state().pan).toEqual({ x: -60, y: -30 });
    fireEvent.pointerDown(viewer, { button: 0, pointerId: 8, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(viewer, { clientX: 30, clientY: 15 });
    fireEvent.pointerCancel(viewer);
    expect(state().pan).toEqual({ x: -40, y: -25 });
    // The secondary button is the context menu's, not a pan.
    fireEvent.pointerDown(viewer, { button: 2, pointerId: 9, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(viewer, { clientX: 50, clientY: 50 });
    expect(state()).toMatchObject({ pan: { x: -40, y: -25 }, panning: false });
    press('In');
    press('Fit');
    expect(state()).toMatchObject({ zoom: 1, pan: { x: 0, y: 0 } });
  });

  it('moves a zoomed view with the arrow keys pressed on the viewer itself: 40 px, 160 with Shift', () => {
    render(<Viewer image={{ width: 100, height: 50 }} />);
    const viewer = screen.getByTestId('viewer');
    // At Fit there is nothing to move to, and the page keeps its arrow keys.
    expect(fireEvent.keyDown(viewer, { key: 'ArrowRight' })).toBe(true);
    expect(state().pan).toEqual({ x: 0, y: 0 });
    press('In');
    expect(fireEvent.keyDown(viewer, { key: 'ArrowRight' })).toBe(false);
    fireEvent.keyDown(viewer, { key: 'ArrowDown', shiftKey: true });
    expect(state().pan).toEqual({ x: -40, y: -160 });
    // Keys on a control inside the viewer (the split view's divider) are that control's.
    fireEvent.keyDown(screen.getByTestId('inside'), { key: 'ArrowLeft' });
    expect(fireEvent.keyDown(viewer, { key: 'Enter' })).toBe(true);
    expect(state().pan).toEqual({ x: -40, y: -160 });
  });
});

function Panel() {
  const dialog = useFullscreenDialog();
  return (
    <div ref={dialog.rootRef} tabIndex={-1} onKeyDown={dialog.trapFocus} role={dialog.fullscreen ? 'dialog' : 'region'} aria-label="Panel">
      <button onClick={dialog.toggle}>{dialog.fullscreen ? 'Exit full screen' : 'Full screen'}</button>
      <input aria-label="Threshold" />
      <div tabIndex={0} data-testid="viewer" />
      <button disabled>Unavailable</button>
    </div>
  );
}

describe('useFullscreenDialog', () => {
  it('locks the page scroll and takes the focus while open; Escape closes it and gives the page its scroll back', () => {
    document.body.style.overflow = 'scroll';
    onTestFinished(() => {
      document.body.style.overflow = '';
    });
    render(<Panel />);
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    const dialog = screen.getByRole('dialog', { name: 'Panel' });
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByRole('region', { name: 'Panel' })).toBe(dialog);
    expect(document.body.style.overflow).toBe('scroll');
    // Closed, Escape is the page's again.
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exit full screen' }));
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('keeps Tab inside while open, skipping disabled controls, and leaves Tab alone when closed', () => {
    render(<Panel />);
    const toggle = screen.getByRole('button', { name: 'Full screen' });
    const last = screen.getByTestId('viewer');
    last.focus();
    // Closed, the panel is part of the page and Tab leaves it.
    expect(fireEvent.keyDown(last, { key: 'Tab' })).toBe(true);
    expect(document.activeElement).toBe(last);

    fireEvent.click(toggle);
    const dialog = screen.getByRole('dialog');
    // Shift+Tab from the dialog itself (where opening puts the focus) goes round to the last control.
    expect(fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(toggle);
    fireEvent.keyDown(toggle, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    // Between the ends, the browser's own Tab order applies.
    const field = screen.getByRole('textbox', { name: 'Threshold' });
    field.focus();
    expect(fireEvent.keyDown(field, { key: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(field, { key: 'Tab', shiftKey: true })).toBe(true);
    expect(document.activeElement).toBe(field);
  });
});
