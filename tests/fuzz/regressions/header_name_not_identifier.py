# pypto.program: # OutlineIncoreScopes inside loops: a scope in Heaa for body der
