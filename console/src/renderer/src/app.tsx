export function App() {
  // Placeholder until the site's admin feature is mounted here.
  return (
    <main>
      <h1>Studio Console</h1>
      <p>Version {window.studio.version}</p>
    </main>
  );
}
