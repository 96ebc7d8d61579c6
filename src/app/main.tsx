import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

// The first render runs as a transition: React renders in slices of a few milliseconds and lets
// the browser in between, instead of one long task a phone spends hundreds of milliseconds on.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
