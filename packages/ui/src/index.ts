export { cn, prepareClassMerge } from './class-names';
export { Button, buttonClasses, type ButtonProps, type ButtonVariant, type ButtonSize } from './button';
export { Input, Textarea } from './input';
export { Label } from './label';
export { Field, FormMessage, type FieldProps, type FieldControlProps } from './field';
export {
  useZodForm, Form, FormField, FormController, FormError, type FormProps, type FormFieldProps, type FormFieldControl, type FormControllerProps,
} from './form';
export { Checkbox } from './checkbox';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './card';
export { Badge, type BadgeTone } from './badge';
export { Spinner } from './spinner';
export { Alert, type AlertProps, type AlertTone } from './alert';
export {
  Dialog, DialogTrigger, DialogClose, DialogContent, SheetContent, DialogHeader, DialogBody, DialogFooter, DialogTitle, DialogDescription,
} from './dialog';
export { Tabs, TabsList, TabsTrigger, TabsContent } from './tabs';
export { Switch } from './switch';
export { Select, SelectTrigger, SelectContent, SelectItem, SelectValue, SelectGroup } from './select';
export {
  DropdownMenu, DropdownMenuTrigger, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuGroup,
} from './dropdown-menu';
export { Toaster, toast, dismissToast, useToasts, TOAST_DURATION_MS, TOAST_LIMIT, type ToastInput, type ToastVariant } from './toast';
export { BotCheckWidget, type BotCheckHandle, type BotCheckProvider, type BotCheckWidgetProps } from './bot-check';
export { useResponsiveImage, imageCandidates, fileAddresses, srcSetOf, type ImageFile, type ImageCandidate } from './responsive-image';
export { gridSizes, type GridLayout } from './grid-sizes';
