/** Shown while the sign-in state loads (the guards' Loading screen). */
export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-4">
      <span
        aria-hidden="true"
        className="size-12 animate-spin rounded-full border-4 border-brand border-t-transparent"
      />
      <span className="text-lg font-semibold">Loading</span>
    </div>
  );
}
