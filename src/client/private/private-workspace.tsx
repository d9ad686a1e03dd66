// The tool in private mode: the same workspace over the local job source. A separate chunk, loaded only when private
// mode is on, so the tool's first load does not carry the queue, the pool or the ZIP writer.
import { ToolWorkspace, type ToolWorkspaceProps } from '#client/components/tool/tool-workspace.tsx';
import { useEffect } from 'react';
import { registerOfflineWorker } from '#client/offline/register.ts';
import { useLocalJobSource } from './local-job-source';

export default function PrivateWorkspace(props: Omit<ToolWorkspaceProps, 'source'>) {
  // After this visit, private mode keeps working offline: the app and its codecs are cached.
  useEffect(registerOfflineWorker, []);
  return <ToolWorkspace source={useLocalJobSource()} {...props} />;
}
