import { Text } from '@mantine/core';
import { PageShell } from '../../../components/ui/page-shell';

/** The modded game-server promotion page. */
export function MinecraftPage() {
  return (
    <PageShell title="Minecraft Server">
      <Text>Join our modded Minecraft community server.</Text>
    </PageShell>
  );
}
