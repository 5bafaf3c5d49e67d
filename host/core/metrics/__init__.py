"""Client hardware metrics: the rules, the samplers and the shared on-demand cache."""
