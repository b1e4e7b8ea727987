import { Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatRoomDate } from '../../../components/project-room/room-dates';
import { WorkStatusBadge } from '../../../components/project-room/work-status-badge';
import { type MyProject, useMyProjects } from '../api/get-my-projects';
import classes from './my-projects.module.css';
import { PaymentStateBadge } from './payment-state-badge';

function ProjectRow({ project }: { project: MyProject }) {
  const versions = project.versions;
  return (
    <li>
      <Link to="/projects/$id" params={{ id: project.id }} className={classes.row}>
        <div className={classes.service}>
          <Text fw={700} truncate>
            {project.serviceName}
          </Text>
          <Text size="sm" c="dimmed">
            {versions === 0
              ? 'No versions yet'
              : versions === 1
                ? '1 version'
                : `${versions} versions`}
          </Text>
        </div>
        <Text size="sm" className={classes.date}>
          Submitted <time dateTime={project.createdAt}>{formatRoomDate(project.createdAt)}</time>
        </Text>
        <div className={classes.badges}>
          <WorkStatusBadge status={project.workStatus} />
          <PaymentStateBadge state={project.paymentState} />
        </div>
      </Link>
    </li>
  );
}

/**
 * "Projects" on /orders: the signed-in client's projects, newest first, each opening its room.
 * Nothing when there are none: most customers only shop.
 */
export function MyProjects() {
  const projects = useMyProjects();
  const headingId = useId();
  if (projects.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} mt="md">
      <Title order={2} size="h3" id={headingId}>
        Projects
      </Title>
      <ul className={classes.list} aria-label="Your projects">
        {projects.map((project) => (
          <ProjectRow key={project.id} project={project} />
        ))}
      </ul>
    </Stack>
  );
}
