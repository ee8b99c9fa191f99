import { z } from 'zod';
import { text } from './text';

export const adminLoginInput = z.object({
  adminKey: text().trim().min(1, 'Admin key is required').max(100),
  password: text().min(1, 'Password is required').max(200),
});

export const adminMessages = {
  keyRequired: 'Admin key is required',
  passwordRequired: 'Password is required',
  sessionExpired: 'Admin session expired. Please log in again.',
  invalidCredentials: 'Invalid admin key or password.',
} as const;

export const ADMIN_TOKEN_STORAGE_KEY = 'admin_token';
