import { createContext, useContext } from 'react';
import { publicMethods, type PublicMethods } from './methods/complaints';

/**
 * The calls of the public pages (login, landing). They live outside react-admin, and its bundle
 * loads only behind the login, so they get the dataProvider's public methods from this context
 * rather than react-admin's: by default the real calls; a test provides its own.
 */
export const PublicMethodsContext = createContext<PublicMethods>(publicMethods());

export const usePublicMethods = (): PublicMethods => useContext(PublicMethodsContext);
