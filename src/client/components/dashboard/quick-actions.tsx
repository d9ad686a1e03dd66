// The dashboard's shortcuts: back to the tool, and every completed result as one ZIP (the page runs the download).
import { Link } from 'wouter';
import { Download, ImagePlus, Loader2 } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';

export interface QuickActionsProps {
  completedCount: number;
  downloading: boolean;
  onDownloadAll: () => void;
}

export function QuickActions({ completedCount, downloading, onDownloadAll }: QuickActionsProps) {
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
          <Button variant="secondary" className="w-full" disabled={downloading} onClick={() => onDownloadAll()}>
            {downloading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
            Download All ({completedCount})
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
