"""The live table under faults: killed hosts, racing devices, broken storage, attackers."""
