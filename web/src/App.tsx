import { PrimeReactProvider } from 'primereact/api';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './routes.tsx';
import { registerNavigate } from './state/navigation.ts';

/** The app root: PrimeReact configuration and the one router. */
export function App() {
  const [router] = useState(() => {
    const r = createAppRouter();
    registerNavigate((to, opts) => void r.navigate(to, opts));
    return r;
  });
  return (
    <PrimeReactProvider value={{ ripple: true }}>
      <RouterProvider router={router} />
    </PrimeReactProvider>
  );
}
