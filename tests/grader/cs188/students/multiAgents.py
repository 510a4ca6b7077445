# Written for this suite: a multiAgents.py as CS188 students write it (the handout's
# imports, ReflexAgent, scoreEvaluationFunction and MultiAgentSearchAgent kept), with
# correct MinimaxAgent, AlphaBetaAgent and ExpectimaxAgent. The tests make each classic
# mistake by one edit of this file.
from util import manhattanDistance
from game import Directions
import random, util

from game import Agent
from pacman import GameState


class ReflexAgent(Agent):
    def getAction(self, gameState: GameState):
        legalMoves = gameState.getLegalActions()
        scores = [self.evaluationFunction(gameState, action) for action in legalMoves]
        bestScore = max(scores)
        bestIndices = [index for index in range(len(scores)) if scores[index] == bestScore]
        chosenIndex = random.choice(bestIndices)
        return legalMoves[chosenIndex]

    def evaluationFunction(self, currentGameState: GameState, action):
        successorGameState = currentGameState.generatePacmanSuccessor(action)
        return successorGameState.getScore()


def scoreEvaluationFunction(currentGameState: GameState):
    return currentGameState.getScore()


class MultiAgentSearchAgent(Agent):
    def __init__(self, evalFn='scoreEvaluationFunction', depth='2'):
        self.index = 0  # Pacman is always agent index 0
        self.evaluationFunction = util.lookup(evalFn, globals())
        self.depth = int(depth)


class MinimaxAgent(MultiAgentSearchAgent):
    def getAction(self, gameState: GameState):
        actions = gameState.getLegalActions(0)
        scores = [self.minimax(gameState.generateSuccessor(0, a), 1, 0) for a in actions]
        return actions[scores.index(max(scores))]

    def minimax(self, state, agentIndex, depth):
        if agentIndex == state.getNumAgents():
            agentIndex, depth = 0, depth + 1
        if state.isWin() or state.isLose() or depth == self.depth:
            return self.evaluationFunction(state)
        values = [self.minimax(state.generateSuccessor(agentIndex, a), agentIndex + 1, depth)
                  for a in state.getLegalActions(agentIndex)]
        if agentIndex == 0:
            return max(values)
        return min(values)


class AlphaBetaAgent(MultiAgentSearchAgent):
    def getAction(self, gameState: GameState):
        return self.maxValue(gameState, 0, float('-inf'), float('inf'))[1]

    def maxValue(self, state, depth, alpha, beta):
        if state.isWin() or state.isLose() or depth == self.depth:
            return self.evaluationFunction(state), None
        v, move = float('-inf'), None
        for action in state.getLegalActions(0):
            score = self.minValue(state.generateSuccessor(0, action), 1, depth, alpha, beta)
            if score > v:
                v, move = score, action
            if v > beta:
                return v, move
            alpha = max(alpha, v)
        return v, move

    def minValue(self, state, agentIndex, depth, alpha, beta):
        if state.isWin() or state.isLose():
            return self.evaluationFunction(state)
        v = float('inf')
        for action in state.getLegalActions(agentIndex):
            successor = state.generateSuccessor(agentIndex, action)
            if agentIndex == state.getNumAgents() - 1:
                score = self.maxValue(successor, depth + 1, alpha, beta)[0]
            else:
                score = self.minValue(successor, agentIndex + 1, depth, alpha, beta)
            v = min(v, score)
            if v < alpha:
                return v
            beta = min(beta, v)
        return v


class ExpectimaxAgent(MultiAgentSearchAgent):
    def getAction(self, gameState: GameState):
        actions = gameState.getLegalActions(0)
        scores = [self.expectimax(gameState.generateSuccessor(0, a), 1, 0) for a in actions]
        return actions[scores.index(max(scores))]

    def expectimax(self, state, agentIndex, depth):
        if agentIndex == state.getNumAgents():
            agentIndex, depth = 0, depth + 1
        if state.isWin() or state.isLose() or depth == self.depth:
            return self.evaluationFunction(state)
        actions = state.getLegalActions(agentIndex)
        values = [self.expectimax(state.generateSuccessor(agentIndex, a), agentIndex + 1, depth)
                  for a in actions]
        if agentIndex == 0:
            return max(values)
        return sum(values) / len(actions)


def betterEvaluationFunction(currentGameState: GameState):
    util.raiseNotDefined()


better = betterEvaluationFunction
