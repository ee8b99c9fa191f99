import { TestUsersCard } from './test-users-card';
import { UserList } from './user-list';

/** The dashboard's Users tab (settings-and-admin §2.2 Admin users): test users, and the user overview the spec leaves unbuilt. */
export function UsersTab() {
  return (
    <div className="flex flex-col gap-5">
      <TestUsersCard />
      <UserList />
    </div>
  );
}
