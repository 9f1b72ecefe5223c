import { RouterProvider } from '@tanstack/react-router';
import { PwaStatus } from './pwa';
import { router } from './router';
import { AppToaster } from './toaster';

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <AppToaster />
      <PwaStatus />
    </>
  );
}
