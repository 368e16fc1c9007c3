import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateCrud } from '#src/components/CrudPage';

// The 我的事务 lists (their CrudPage names). Their tabs stay open, so one step shows in all of them at once.
const LISTS = ['work-todo', 'work-start', 'work-claim', 'work-send', 'work-done', 'work-leave'];

/**
 * After a claim, a completion, a start or a leave application: every 我的事务 list the user has open refetches
 * (a claimed task moves from 待签 to 待办, a completed one to 办结, a started process shows in 已发).
 */
export function useWorkChanged() {
  const client = useQueryClient();
  return useCallback(() => invalidateCrud(client, LISTS[0], [], LISTS.slice(1)), [client]);
}
