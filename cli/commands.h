/* The subcommands of goldilocks; each takes argv with argv[0] the subcommand's name and returns the exit status. */
#ifndef CLI_COMMANDS_H
#define CLI_COMMANDS_H

int cmd_genkey(int argc, char **argv);
int cmd_pubkey(int argc, char **argv);
int cmd_sign(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_derive(int argc, char **argv);
int cmd_speed(int argc, char **argv);

#endif
