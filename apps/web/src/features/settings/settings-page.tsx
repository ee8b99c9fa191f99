import { userMessages } from '@drape/contracts/user';
import { FormMessage } from '@drape/ui';
import { PageMeta } from '../../lib/page-meta';
import { useProfile } from '../../lib/use-profile';
import { PageLoading } from '../../components/page-loading';
import { PageHeader } from '../../components/page-header';
import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { DownloadDataCard } from './download-data-card';
import { ShoppingPreferencesCard } from './shopping-preferences-card';

export default function SettingsPage() {
  const profile = useProfile();
  const user = profile.data?.user;
  return (
    <>
      <PageMeta title="Settings" description="Your Drape account settings." noindex path="/settings" />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 md:py-14">
        <PageHeader eyebrow="Account" title="Settings" />
        <ChangePasswordCard />
        {profile.isError ? <FormMessage>{userMessages.profileLoadFailed}</FormMessage> : null}
        {user ? <ShoppingPreferencesCard key={user.id} user={user} /> : !profile.isError ? <PageLoading /> : null}
        <DownloadDataCard />
        <DeleteAccountCard />
      </div>
    </>
  );
}
