import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadToastLibrary } from '@/ui/toasts';

// The app loads react-hot-toast with its first toast or its toaster; component tests render the
// toaster themselves and look for a toast right after asking for it, so the library is there.
beforeAll(() => loadToastLibrary());
afterEach(() => cleanup());
