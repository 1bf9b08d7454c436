import { createContext, useContext } from 'react';
import type { Endpoints } from '@shared/api/endpoints';

export const ApiContext = createContext<Endpoints | null>(null);

export function useApi(): Endpoints {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiContext');
  return api;
}
