// The toast container alone, as a module of its own: importing the package's index lazily
// would pull all of it, the store the toasts use included, into one shared chunk.
export { Notifications } from '@mantine/notifications';
