// The tool in private mode: the same workspace over the local job source. A separate chunk, loaded only when private
// mode is on, so the tool's first load does not carry the queue, the pool or the ZIP writer.
import { ToolWorkspace, type ToolWorkspaceProps } from '#client/components/tool/tool-workspace.tsx';
import { useLocalJobSource } from './local-job-source';

export default function PrivateWorkspace(props: Omit<ToolWorkspaceProps, 'source'>) {
  return <ToolWorkspace source={useLocalJobSource()} {...props} />;
}
