import { createContext } from 'react';
import type { EngineClient } from './engine-client';

/** Overrides the app's engine for a subtree (tests, stories); without it hooks use engineClient(). */
export const EngineClientContext = createContext<EngineClient | null>(null);
