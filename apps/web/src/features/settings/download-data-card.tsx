import { authMessages } from '@drape/contracts/auth';
import { dataExportMessages } from '@drape/contracts/user';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@drape/ui';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { authStore } from '../../lib/auth-store';

const EXPORT_PATH = '/api/user/export';

/** The name the server gave the file (Content-Disposition), or a plain one. */
function filenameOf(res: Response): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'drape-data.zip';
}

/**
 * Download my data (issue 18): the REST path, signed in as the tRPC client is, fetched rather than linked,
 * so that a refusal (the hourly limit, a session that ended) is shown as the server's message
 * instead of a browser's failed download; the answer is then saved under the server's file name.
 */
export function DownloadDataCard() {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      // Signed in as the tRPC client is: the stored token, else the session cookie.
      const token = authStore.get().token;
      const res = await fetch(EXPORT_PATH, { credentials: 'same-origin', headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
        const message = typeof body?.message === 'string' ? body.message : dataExportMessages.failed;
        toast({ title: 'Download failed', description: message, variant: 'destructive' });
        return;
      }
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = filenameOf(res);
      document.body.append(link);
      link.click();
      link.remove();
      // The click has handed the blob to the download; the URL is no longer needed after this task.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      toast({ title: dataExportMessages.downloaded, variant: 'success' });
    } catch {
      toast({ title: 'Download failed', description: authMessages.networkError, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Download My Data</CardTitle>
        <CardDescription>
          A ZIP file with your profile, sessions, wardrobe and notes, shares, shopping clicks, daily usage and My Pieces (data.json), and the photos of your pieces.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex justify-end">
        <Button type="button" variant="outline" onClick={() => void download()} pending={pending} pendingLabel="Preparing..." className="w-full sm:w-auto">
          <Download aria-hidden="true" className="h-4 w-4" />
          Download my data
        </Button>
      </CardContent>
    </Card>
  );
}
