// The tool's settings on a page that shows it (the tool page and the private page): the visitor's choice, with the
// output format and the compression control remembered for the next visit, and the presets to choose from.
import { useState } from 'react';
import { usePresets } from '#client/api/config.ts';
import { storeControl } from './control';
import { initialSettings, storeFormat, type CompressionSettings as Settings } from './settings';
import type { ToolWorkspaceProps } from './tool-workspace';

export function useToolSettings(): Omit<ToolWorkspaceProps, 'source'> {
  const [settings, setSettings] = useState<Settings>(initialSettings);
  const onSettingsChange = (next: Settings) => {
    if (next.format !== settings.format || next.background !== settings.background || next.autoFor !== settings.autoFor) storeFormat(next);
    if (next.control !== settings.control) storeControl(next.control);
    setSettings(next);
  };
  const { data: presets } = usePresets();
  return { settings, onSettingsChange, presets };
}
