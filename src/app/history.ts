// The browser's history for the router, made by the start a task before the router itself: both
// at once were one long task.
import { createBrowserHistory, type RouterHistory } from '@tanstack/react-router';

let history: RouterHistory | null = null;

export function browserHistory(): RouterHistory {
  history ??= createBrowserHistory();
  return history;
}
