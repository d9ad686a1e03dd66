// Data export and account deletion; deletion asks for confirmation first (the page runs the requests).
import { useState } from 'react';
import { FileDown, Loader2, Trash2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';

export interface AccountDataProps {
  exporting: boolean;
  onExport: () => void;
  deleting: boolean;
  /** Deleting the account leaves the page, which takes the confirmation with it. */
  onDelete: () => void;
}

export function AccountData({ exporting, onExport, deleting, onDelete }: AccountDataProps) {
  const [confirming, setConfirming] = useState(false);

  const exportButton = (
    <Button variant="secondary" className="w-full" disabled={exporting} onClick={() => onExport()}>
      {exporting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <FileDown className="h-4 w-4" aria-hidden="true" />}
      Export my data
    </Button>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Data</CardTitle>
        <p className="text-sm text-slate-600">Download everything we hold about your account, or delete it for good.</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {exportButton}
        <Button variant="secondary" className="w-full text-red-700!" onClick={() => setConfirming(true)}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete account
        </Button>
      </CardContent>
      <Dialog
        open={confirming}
        onClose={() => !deleting && setConfirming(false)}
        title="Delete your account?"
        description="This permanently deletes your account, your compression history and all your files. It cannot be undone. You may want to export your data first."
      >
        <div className="mt-5 flex flex-col gap-2">
          {exportButton}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={deleting} autoFocus>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => onDelete()} disabled={deleting}>
              {deleting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
              {deleting ? 'Deleting...' : 'Delete account'}
            </Button>
          </div>
        </div>
      </Dialog>
    </Card>
  );
}
