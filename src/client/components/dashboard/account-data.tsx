// Data export and account deletion; deletion asks for confirmation first.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { FileDown, Loader2, Trash2 } from 'lucide-react';
import { apiRequest, isUnauthorizedError } from '../../lib/api';
import { downloadAccountExport } from '../../lib/download';
import { toast } from '../../lib/toast';
import { clearSession, errorMessage } from '../../lib/use-auth';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Dialog } from '../ui/dialog';

export function AccountData() {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  /** A 401 here means the session ended (expired, or signed out elsewhere): back to sign-in. */
  const failed = (title: string) => (error: Error) => {
    toast({ title, description: errorMessage(error), variant: 'destructive' });
    if (isUnauthorizedError(error)) {
      clearSession(queryClient);
      navigate('/auth');
    }
  };

  const exportData = useMutation({
    mutationFn: downloadAccountExport,
    onError: failed('Export failed'),
  });

  const deleteAccount = useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/user'),
    onSuccess: () => {
      setConfirming(false);
      clearSession(queryClient);
      navigate('/');
      toast({ title: 'Account deleted', description: 'Your account, jobs and files have been deleted.' });
    },
    onError: failed('Account deletion failed'),
  });

  const exportButton = (
    <Button variant="secondary" className="w-full" disabled={exportData.isPending} onClick={() => exportData.mutate()}>
      {exportData.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <FileDown className="h-4 w-4" aria-hidden="true" />}
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
        onClose={() => !deleteAccount.isPending && setConfirming(false)}
        title="Delete your account?"
        description="This permanently deletes your account, your compression history and all your files. It cannot be undone. You may want to export your data first."
      >
        <div className="mt-5 flex flex-col gap-2">
          {exportButton}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={deleteAccount.isPending} autoFocus>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => deleteAccount.mutate()} disabled={deleteAccount.isPending}>
              {deleteAccount.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
              {deleteAccount.isPending ? 'Deleting...' : 'Delete account'}
            </Button>
          </div>
        </div>
      </Dialog>
    </Card>
  );
}
