import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Download, ImagePlus, Loader2 } from 'lucide-react';
import { downloadAllAsZip } from '../../lib/download';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/cn';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';

export function QuickActions({ completedCount }: { completedCount: number }) {
  const downloadAll = useMutation({
    mutationFn: downloadAllAsZip,
    onError: () => toast({ title: 'Download failed', description: 'Could not download files', variant: 'destructive' }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Link href="/" className={cn(buttonClasses('primary', 'md'), 'w-full')}>
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          Compress New Images
        </Link>
        {completedCount > 0 && (
          <Button variant="secondary" className="w-full" disabled={downloadAll.isPending} onClick={() => downloadAll.mutate()}>
            {downloadAll.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
            Download All ({completedCount})
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
